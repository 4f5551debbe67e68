import { HardDrive } from 'lucide-react';
import { LIMITS } from '@printloom/contracts/limits';
import { Card } from '../../components/ui/card';
import { formatBytes } from './format-bytes';
import { useStorageUsage } from './api/account-data';

/** What the library keeps for this user: images, bytes, and how many expire soon unless starred. */
export function StorageUsageCard() {
  const { data, isError } = useStorageUsage();
  return (
    <Card aria-labelledby="storage">
      <h2 id="storage" className="flex items-center gap-2 text-lg font-bold">
        <HardDrive className="size-5 text-accent" aria-hidden /> Storage
      </h2>
      {isError && <p className="mt-2 text-sm text-muted">Storage details are unavailable right now.</p>}
      {data && (
        <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted">Images</dt>
            <dd className="mt-0.5 font-medium">{data.images}</dd>
          </div>
          <div>
            <dt className="text-muted">Space used</dt>
            <dd className="mt-0.5 font-medium">{formatBytes(data.bytes)}</dd>
          </div>
          <div>
            <dt className="text-muted">Expiring in {LIMITS.expiryWarningDays} days</dt>
            <dd className={data.expiringSoon > 0 ? 'mt-0.5 font-medium text-danger' : 'mt-0.5 font-medium'}>{data.expiringSoon}</dd>
          </div>
        </dl>
      )}
      <p className="mt-3 text-sm text-muted">Images are kept {LIMITS.retentionDays} days; star the ones you want to keep for a year.</p>
    </Card>
  );
}
