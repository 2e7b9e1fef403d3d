import { Sparkles, Truck, ShieldCheck } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button-link';
import { DocumentTitle } from '@/components/ui/document-title';
import { useSession } from '@/lib/session';

const perks = [
  { icon: Sparkles, text: 'Electronics, fashion, mobiles and games' },
  { icon: Truck, text: 'Delivered across India' },
  { icon: ShieldCheck, text: 'Secure card payments in rupees' },
];

/** Spec section 2: welcome text and an image; SignUp and Login only when logged out. */
export function LandingHero() {
  const { loggedIn, userName } = useSession();
  return (
    <section className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 md:py-20">
      <DocumentTitle />
      <div>
        <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">Welcome</p>
        <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
          {loggedIn ? `Welcome back, ${userName}!` : 'Welcome to The Shop'}
        </h1>
        <p className="mt-4 text-lg text-slate-700">
          Find the things you love at fair prices. Browse the catalogue, fill your cart and pay by card in a
          few clicks.
        </p>
        <ul className="mt-6 space-y-2">
          {perks.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-3 text-slate-700">
              <Icon aria-hidden="true" className="size-5 text-indigo-700" />
              {text}
            </li>
          ))}
        </ul>
        <div className="mt-8 flex flex-wrap gap-3">
          {loggedIn ? (
            <ButtonLink to="/userDashboard">Start shopping</ButtonLink>
          ) : (
            <>
              <ButtonLink to="/signUp">SignUp</ButtonLink>
              <ButtonLink to="/login" variant="secondary">
                Login
              </ButtonLink>
            </>
          )}
        </div>
      </div>
      <img
        src="/images/landing.svg"
        alt="Shopping bags, a phone and a game controller in front of a small shop"
        width={560}
        height={440}
        className="mx-auto h-auto w-full max-w-lg"
      />
    </section>
  );
}
