import { Link, Navigate } from 'react-router-dom';
import {
  ArrowRight,
  Check,
  Coffee,
  Download,
  GraduationCap,
  Image,
  Layers,
  PenTool,
  Scissors,
  Search,
  Shirt,
  ShoppingBag,
  Smartphone,
  Sparkles,
  Star,
  Sticker,
  Wand2,
  X,
  ZoomIn,
} from 'lucide-react';
import { CREDIT_COSTS, IMAGES_PER_GENERATION, PLANS, TOPUPS } from '@printloom/contracts/plans';
import { TRIAL } from '@printloom/contracts/limits';
import { SAMPLE_GALLERY } from '@printloom/contracts/examples';
import { useMe } from '../../lib/current-user';
import { SiteHeader } from '../../components/layout/SiteHeader';
import { SiteFooter } from '../../components/layout/SiteFooter';
import { Badge } from '../../components/ui/badge';
import { Table } from '../../components/ui/table';
import { buttonClasses } from '../../components/ui/button';
import { PlanCard, PlanGrid, TopupCard, TopupGrid } from '../../features/billing/PlanCards';
import { IMAGE_PROVIDER } from '../../lib/brand';

const STEPS = [
  { icon: PenTool, title: 'Type a plain idea', text: `"a cat astronaut, 'Space Meow' in retro letters" is enough. No prompt engineering.` },
  { icon: Wand2, title: 'We engineer the prompt', text: 'Four art directions: bold type, a badge, a die-cut sticker and a vintage look.' },
  { icon: Download, title: 'Download print-ready PNGs', text: 'Transparent, 4500 × 5400 at 300 DPI, ready for your print-on-demand shop.' },
];

const PRODUCTS = [
  { icon: Shirt, name: 'T-shirts and apparel' },
  { icon: Coffee, name: 'Mugs and drinkware' },
  { icon: Smartphone, name: 'Phone cases' },
  { icon: Sticker, name: 'Stickers' },
  { icon: Image, name: 'Posters' },
  { icon: ShoppingBag, name: 'Bags' },
  { icon: GraduationCap, name: 'Hats' },
];

const COMPARISON: { feature: string; printloom: boolean; provider: boolean }[] = [
  { feature: 'Prompt engineering done for you', printloom: true, provider: false },
  { feature: '4 design variants from one idea', printloom: true, provider: false },
  { feature: 'Transparent PNG at print size (300 DPI)', printloom: true, provider: false },
  { feature: 'Slogans spelled exactly as you typed them', printloom: true, provider: false },
  { feature: 'Free background removal', printloom: true, provider: false },
  { feature: '2× and 4× upscaling', printloom: true, provider: false },
  { feature: 'Searchable library with stars and bulk download', printloom: true, provider: false },
  { feature: 'Pay per credit, no API keys', printloom: true, provider: false },
];

const FEATURES = [
  { icon: Layers, title: 'Transparent backgrounds', text: 'Alpha outside the design, nothing to clean up.' },
  { icon: Sparkles, title: 'Print size, 300 DPI', text: '4500 × 5400 for apparel, square for stickers, sRGB.' },
  { icon: Scissors, title: 'Background removal', text: 'Free, on any image in your library.' },
  { icon: ZoomIn, title: 'Upscaling 2× and 4×', text: 'For large prints and posters.' },
  { icon: Search, title: 'Search your library', text: 'Find any design by its prompt.' },
  { icon: Star, title: 'Stars keep designs a year', text: 'Images stay 30 days; starred ones 1 year.' },
];

export default function Landing() {
  const { data: me } = useMe();
  if (me?.user) return <Navigate to="/generate" replace />;
  const showcase = SAMPLE_GALLERY.slice(0, 4).map((sample, index) => ({ sample, image: sample.images[index % sample.images.length] }));

  return (
    <div className="min-h-screen">
      <SiteHeader />
      <main id="main-content" tabIndex={-1}>
        <section className="mx-auto max-w-6xl px-4 pb-16 pt-14 text-center sm:px-6 sm:pt-20">
          <Badge>
            <Sparkles className="size-3.5" aria-hidden /> No Complex Prompts Required
          </Badge>
          <h1 className="mx-auto mt-6 max-w-3xl text-4xl font-black tracking-tight sm:text-6xl">
            Print-ready designs from a <span className="text-accent">plain idea</span>
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-muted">
            Type what you want on the shirt. Get {IMAGES_PER_GENERATION} print-ready variants, transparent PNGs at print size, in about 30
            seconds.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/auth?mode=signup" className={buttonClasses('primary', 'lg')}>
              Start Creating Free <ArrowRight className="size-4" aria-hidden />
            </Link>
            <Link to="/examples" className={buttonClasses('outline', 'lg')}>
              View Examples
            </Link>
          </div>
          <p className="mt-3 text-sm text-muted">{TRIAL.credits} free credits · no card needed</p>
          <div className="mx-auto mt-12 grid max-w-4xl grid-cols-2 gap-3 sm:grid-cols-4">
            {showcase.map(({ sample, image }) => (
              <figure key={sample.id} className="overflow-hidden rounded-2xl bg-zinc-900 p-3 ring-1 ring-zinc-800">
                <img
                  src={image.src}
                  alt={`${sample.category} design: ${sample.prompt}`}
                  width={720}
                  height={864}
                  className="aspect-[5/6] w-full object-contain"
                />
                <figcaption className="mt-2 truncate text-xs text-zinc-300">{sample.category}</figcaption>
              </figure>
            ))}
          </div>
        </section>

        <section
          className="border-y border-zinc-200 bg-zinc-50 py-16 dark:border-zinc-800 dark:bg-zinc-900/40"
          aria-labelledby="how-it-works"
        >
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <h2 id="how-it-works" className="text-center text-3xl font-black">
              How It Works
            </h2>
            <ol className="mt-10 grid gap-6 sm:grid-cols-3">
              {STEPS.map((step, index) => (
                <li key={step.title} className="rounded-2xl border border-zinc-200 bg-white p-6 dark:border-zinc-800 dark:bg-zinc-950">
                  <span className="flex size-10 items-center justify-center rounded-xl bg-accent-solid text-white">
                    <step.icon className="size-5" aria-hidden />
                  </span>
                  <h3 className="mt-4 font-bold">
                    {index + 1}. {step.title}
                  </h3>
                  <p className="mt-1 text-sm text-muted">{step.text}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6" aria-labelledby="pod-sellers">
          <h2 id="pod-sellers" className="text-center text-3xl font-black">
            Perfect For POD Sellers
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-center text-muted">One design, every product in your print-on-demand shop.</p>
          <ul className="mt-10 grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-7">
            {PRODUCTS.map((product) => (
              <li
                key={product.name}
                className="flex flex-col items-center gap-2 rounded-2xl border border-zinc-200 p-4 text-center text-sm font-medium dark:border-zinc-800"
              >
                <product.icon className="size-6 text-accent" aria-hidden />
                {product.name}
              </li>
            ))}
          </ul>
        </section>

        <section
          className="border-y border-zinc-200 bg-zinc-50 py-16 dark:border-zinc-800 dark:bg-zinc-900/40"
          aria-labelledby="comparison"
        >
          <div className="mx-auto max-w-4xl px-4 sm:px-6">
            <h2 id="comparison" className="text-center text-3xl font-black">
              Printloom vs {IMAGE_PROVIDER.name} directly
            </h2>
            <p className="mx-auto mt-3 max-w-2xl text-center text-muted">
              The same image model, without the prompt engineering, the cropping and the background cleanup.
            </p>
            <div className="mt-10 overflow-x-auto rounded-2xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950">
              <Table
                rowClassName="border-b border-zinc-100 last:border-0 dark:border-zinc-900"
                headClassName="[&>tr]:border-b [&>tr]:border-zinc-200 dark:[&>tr]:border-zinc-800"
                rows={COMPARISON}
                rowKey={(row) => row.feature}
                columns={[
                  {
                    header: 'Feature',
                    className: 'p-4',
                    headerClassName: 'font-semibold',
                    cellClassName: 'font-normal',
                    rowHeader: true,
                    cell: (row) => row.feature,
                  },
                  {
                    header: 'Printloom',
                    className: 'p-4 text-center',
                    headerClassName: 'font-semibold text-accent',
                    cell: (row) => <Mark yes={row.printloom} />,
                  },
                  {
                    header: `${IMAGE_PROVIDER.name} directly`,
                    className: 'p-4 text-center',
                    headerClassName: 'font-semibold',
                    cell: (row) => <Mark yes={row.provider} />,
                  },
                ]}
              />
            </div>
          </div>
        </section>

        <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6" aria-labelledby="features">
          <h2 id="features" className="text-center text-3xl font-black">
            Print-Ready Features
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map((feature) => (
              <li key={feature.title} className="flex gap-4 rounded-2xl border border-zinc-200 p-5 dark:border-zinc-800">
                <feature.icon className="size-6 shrink-0 text-accent" aria-hidden />
                <div>
                  <h3 className="font-bold">{feature.title}</h3>
                  <p className="mt-1 text-sm text-muted">{feature.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <section className="border-t border-zinc-200 bg-zinc-50 py-16 dark:border-zinc-800 dark:bg-zinc-900/40" aria-labelledby="pricing">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <h2 id="pricing" className="text-center text-3xl font-black">
              Simple, credit-based pricing
            </h2>
            <p className="mx-auto mt-3 max-w-2xl text-center text-muted">
              Start with {TRIAL.credits} free credits. Upgrade when you are ready.
            </p>
            <div className="mt-10">
              <PlanGrid>
                {PLANS.map((plan) => (
                  <PlanCard
                    key={plan.id}
                    plan={plan}
                    action={
                      <Link to="/auth?mode=signup" className={buttonClasses(plan.popular ? 'primary' : 'outline', 'md', 'w-full')}>
                        Get {plan.name}
                      </Link>
                    }
                  />
                ))}
              </PlanGrid>
            </div>
            <h3 className="mt-14 text-center text-2xl font-black">Top-up packs</h3>
            <div className="mx-auto mt-6 max-w-4xl">
              <TopupGrid>
                {TOPUPS.map((pack) => (
                  <TopupCard
                    key={pack.id}
                    pack={pack}
                    action={
                      <Link to="/auth?mode=signup" className={buttonClasses('outline', 'md', 'w-full')}>
                        Buy {pack.name}
                      </Link>
                    }
                  />
                ))}
              </TopupGrid>
            </div>
            <div
              className="mx-auto mt-10 max-w-3xl rounded-2xl border border-zinc-200 bg-white p-5 text-sm text-zinc-600 dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-400"
              aria-label="How credits are used"
            >
              <p className="font-semibold text-zinc-900 dark:text-zinc-100">How credits work</p>
              <ul className="mt-2 grid gap-1 sm:grid-cols-2">
                <li>1 credit = {IMAGES_PER_GENERATION} images (one generation)</li>
                <li>Upscale 2× or 4× = {CREDIT_COSTS.upscale} credits</li>
                <li>Describe an image = {CREDIT_COSTS.describe} credit</li>
                <li>Background removal = free</li>
              </ul>
            </div>
          </div>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}

function Mark({ yes }: { yes: boolean }) {
  return yes ? (
    <Check className="mx-auto size-5 text-success" aria-label="Yes" />
  ) : (
    <X className="mx-auto size-5 text-muted" aria-label="No" />
  );
}
