import { Link } from 'react-router-dom';
import { LIMITS, TRIAL } from '@printloom/contracts/limits';
import { CREDIT_COSTS, IMAGES_PER_GENERATION, PLANS } from '@printloom/contracts/plans';
import { LegalPage } from '../../components/layout/LegalPage';
import { IMAGE_PROVIDER } from '../../lib/brand';
import { listNames } from '../../lib/text';
import { useMe } from '../../lib/current-user';
import { formatLongDate } from '../../lib/format';

export default function Terms() {
  // Trial credits expire only where the operator set a period; the account summary says when.
  const trialExpiry = useMe().data?.trialCreditsExpireAt;
  const commercial = listNames(PLANS.filter((plan) => plan.commercialLicense).map((plan) => plan.name));
  return (
    <LegalPage title="Terms of Service">
      <section>
        <h2>The service</h2>
        <p>
          Printloom turns a written idea into print-ready design variants, describes uploaded images, removes backgrounds and upscales
          images. Designs are made by an image model and may vary; check every design before you sell it.
        </p>
      </section>
      <section>
        <h2>Credits</h2>
        <ul>
          <li>
            New accounts receive {TRIAL.credits} free trial credits.
            {trialExpiry && ` Trial credits expire: yours on ${formatLongDate(trialExpiry)}.`}
          </li>
          <li>
            One generation costs {CREDIT_COSTS.generation} credit and returns {IMAGES_PER_GENERATION} images; describing an image costs{' '}
            {CREDIT_COSTS.describe} credit; upscaling costs {CREDIT_COSTS.upscale} credits; background removal is free.
          </li>
          <li>A generation that fails is refunded automatically.</li>
          <li>Top-up credits never expire. Plan credits renew monthly; rollover applies only where the plan says so.</li>
        </ul>
      </section>
      <section>
        <h2>Subscriptions and refunds</h2>
        <p>
          Plans renew every month until cancelled. You can cancel at any time from the billing portal; the plan stays active until the end
          of the period you paid for. Payments are not refundable except where the law requires it.
        </p>
      </section>
      <section>
        <h2>Your designs</h2>
        <ul>
          <li>Images are kept for {LIMITS.retentionDays} days, starred images for 1 year; download what you want to keep.</li>
          <li>A commercial license for the designs is included in the {commercial} plans.</li>
          <li>
            You are responsible for what you ask for and what you sell: do not request trademarks, logos, characters or likenesses you have
            no right to use.
          </li>
        </ul>
      </section>
      <section>
        <h2>Acceptable use</h2>
        <p>
          You agree to follow our image provider's{' '}
          <a className="font-medium text-accent hover:underline" href={IMAGE_PROVIDER.usagePolicyUrl} target="_blank" rel="noreferrer">
            {IMAGE_PROVIDER.name} usage policy
          </a>
          . We may suspend accounts that abuse the service.
        </p>
      </section>
      <section>
        <h2>Privacy</h2>
        <p>
          How we handle your data is described in our{' '}
          <Link className="font-medium text-accent hover:underline" to="/privacy">
            Privacy Policy
          </Link>
          .
        </p>
      </section>
    </LegalPage>
  );
}
