import { LandingHero } from '@/features/landing/components/landing-hero';

export function LandingRoute() {
  return <LandingHero />;
}
