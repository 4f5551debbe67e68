import { Link } from 'react-router-dom';
import { LIMITS } from '@printloom/contracts/limits';
import { LegalPage } from '../../components/layout/LegalPage';
import { SUPPORT_EMAIL } from '../../lib/brand';

/** Retention periods stated in the policy (/terms and /privacy). */
export const POLICY_RETENTION = {
  accountDataAfterDeletionDays: 90,
  transactionYears: 7,
  usageLogDays: 90,
} as const;

export default function Privacy() {
  return (
    <LegalPage title="Privacy Policy">
      <section>
        <h2>What we collect</h2>
        <ul>
          <li>
            Account data: your email address, a hash of your password (never the password itself) or your Google account id when you sign in
            with Google.
          </li>
          <li>Your prompts, the images we generate for you and the images you upload to be described.</li>
          <li>
            Billing records: plans, top-ups and credit movements. Card details are handled by our payment provider and never reach our
            servers.
          </li>
          <li>Usage logs: sign-ins, requests and errors, used to keep the service secure and working.</li>
        </ul>
      </section>
      <section>
        <h2>How long we keep it</h2>
        <ul>
          <li>Generated images: {LIMITS.retentionDays} days; starred images: 1 year. They are deleted automatically when they expire.</li>
          <li>Account data: retained {POLICY_RETENTION.accountDataAfterDeletionDays} days after you delete your account, then erased.</li>
          <li>Transaction records: {POLICY_RETENTION.transactionYears} years, as tax and accounting law requires.</li>
          <li>
            Free trial: the free credits are given once per person. When an account receives them we keep a keyed one-way hash of its email
            address (written in a standard form: lower case, without a +tag, without dots for Gmail addresses), never the address itself. We
            keep this hash after you delete your account, so that a new account with the same address starts without the free credits; it
            cannot be turned back into your address.
          </li>
          <li>Usage logs: {POLICY_RETENTION.usageLogDays} days.</li>
        </ul>
      </section>
      <section>
        <h2>Cookies</h2>
        <p>
          A session cookie keeps you signed in; it is strictly necessary. We use cookies for analytics only after you accept them in the
          cookie banner, and your choice is stored in your browser. Your theme preference is stored in your browser too.
        </p>
      </section>
      <section>
        <h2>Who we share it with</h2>
        <p>
          Your prompts and uploaded images are sent to our image-generation provider to create your designs; payments go through our card
          payment provider; email goes through our mail provider. We do not sell your data.
        </p>
      </section>
      <section>
        <h2>Your rights</h2>
        <p>
          You can download or delete your images at any time and ask us for a copy of your data or for its deletion by writing to{' '}
          <a className="font-medium text-accent hover:underline" href={`mailto:${SUPPORT_EMAIL}`}>
            {SUPPORT_EMAIL}
          </a>
          . See also our{' '}
          <Link className="font-medium text-accent hover:underline" to="/terms">
            Terms of Service
          </Link>
          .
        </p>
      </section>
    </LegalPage>
  );
}
