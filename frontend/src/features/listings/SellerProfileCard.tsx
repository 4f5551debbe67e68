import { useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2, Store } from 'lucide-react';
import { ACCOUNT_SECTIONS } from '../../lib/account-sections';
import { errorText } from '../../lib/api-client';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { saveSellerProfile, sellerProfileQueryOptions, useSellerProfile } from './api/seller-profile';

/** Shop name and brand: listing copy names the shop as designer and carries the brand; left empty, it names neither. */
export function SellerProfileCard() {
  const queryClient = useQueryClient();
  const { data, isError } = useSellerProfile();
  const [shopName, setShopName] = useState('');
  const [brand, setBrand] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!data) return;
    setShopName(data.profile.shopName);
    setBrand(data.profile.brand);
  }, [data]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const saved = await saveSellerProfile({ shopName: shopName.trim(), brand: brand.trim() });
      queryClient.setQueryData(sellerProfileQueryOptions().queryKey, saved);
      toast({ title: 'Seller profile saved', description: 'New listings use it.' });
    } catch (failure) {
      setError(errorText(failure, 'Failed to save the seller profile'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card aria-labelledby={ACCOUNT_SECTIONS.sellerProfile}>
      <h2 id={ACCOUNT_SECTIONS.sellerProfile} className="flex items-center gap-2 text-lg font-bold">
        <Store className="size-5 text-accent" aria-hidden /> Seller Profile
      </h2>
      <p className="mt-2 text-sm text-muted">
        Listings name your shop as the designer and use your brand. Leave them empty and listings name neither.
      </p>
      {isError && <p className="mt-2 text-sm text-muted">Your seller profile is unavailable right now.</p>}
      {error && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {error}
        </p>
      )}
      <form className="mt-4 grid max-w-xl gap-3 sm:grid-cols-2" onSubmit={(event) => void submit(event)}>
        <Field label="Shop name">
          <Input id="seller-shop-name" maxLength={60} value={shopName} onChange={(event) => setShopName(event.target.value)} />
        </Field>
        <Field label="Brand">
          <Input id="seller-brand" maxLength={50} value={brand} onChange={(event) => setBrand(event.target.value)} />
        </Field>
        <div className="sm:col-span-2">
          <Button type="submit" size="sm" disabled={busy || !data}>
            {busy && <Loader2 className="size-4 animate-spin" aria-hidden />} Save Profile
          </Button>
        </div>
      </form>
    </Card>
  );
}
