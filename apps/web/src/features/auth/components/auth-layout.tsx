import type { ReactNode } from 'react';
import { BarbellIcon } from '../../../components/ui/icons';
import './auth.css';

/** The anonymous screens' frame: the brand on one side, the form card on the other. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="auth">
      <section className="auth__brand" aria-label="Spotter">
        <p className="auth__logo">
          <BarbellIcon size={40} />
          <span>Spotter</span>
        </p>
        <p className="auth__tagline">
          Share the lifts, runs and meals of your training with the people who train with you.
        </p>
      </section>
      <main className="auth__card">
        <h1 className="auth__title">{title}</h1>
        {children}
      </main>
    </div>
  );
}
