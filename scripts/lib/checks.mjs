// The named checks of the recipe tests (test:deploy, test:container, test:systemd): each
// prints "ok" or "FAIL" with its reason, and the run ends with "N passed, M failed".
const results = [];

/** Runs one check; a thrown error fails it, and the next check still runs. */
export async function check(name, fn) {
  try {
    await fn();
    results.push({ name, ok: true });
    console.log(`ok   ${name}`);
  } catch (error) {
    results.push({ name, ok: false });
    console.log(`FAIL ${name}\n     ${error instanceof Error ? error.message : String(error)}`);
  }
}

export function expect(condition, message) {
  if (!condition) throw new Error(message);
}

/** Prints the count and exits: 1 when a check failed or none ran. */
export function finish() {
  const failed = results.filter((r) => !r.ok).length;
  console.log(`${results.length - failed} passed, ${failed} failed`);
  process.exit(failed || results.length === 0 ? 1 : 0);
}
