type Navigate = (to: string) => void;

let navigator: Navigate = (to) => window.location.assign(to);

/** The router registers itself here so code outside components (the API client) can navigate. */
export function setNavigator(navigate: Navigate): void {
  navigator = navigate;
}

export function navigateTo(to: string): void {
  navigator(to);
}
