import { useSearchParams } from 'react-router-dom';
import { SiteHeader } from '../../components/layout/SiteHeader';
import { SiteFooter } from '../../components/layout/SiteFooter';
import { UnsubscribeReminders } from '../../features/reminders/UnsubscribeReminders';

/** Where a reminder's "Stop these reminders" link lands (`?token=`): it asks before anything changes. */
export default function Unsubscribe() {
  const [params] = useSearchParams();
  return (
    <div className="min-h-screen">
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className="px-4 py-12 sm:px-6 sm:py-16">
        <UnsubscribeReminders token={params.get('token')} />
      </main>
      <SiteFooter />
    </div>
  );
}
