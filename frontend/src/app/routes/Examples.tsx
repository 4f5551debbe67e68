import { Link } from 'react-router-dom';
import { ArrowRight, Clock } from 'lucide-react';
import { SAMPLE_GALLERY } from '@printloom/contracts/examples';
import { ART_DIRECTIONS } from '@printloom/contracts/art-directions';
import { IMAGES_PER_GENERATION } from '@printloom/contracts/plans';
import { SiteHeader } from '../../components/layout/SiteHeader';
import { SiteFooter } from '../../components/layout/SiteFooter';
import { Badge } from '../../components/ui/badge';
import { buttonClasses } from '../../components/ui/button';

const directionName = (variant: string) => ART_DIRECTIONS.find((direction) => direction.variant === variant)?.name ?? '';

export default function Examples() {
  return (
    <div className="min-h-screen">
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <header className="text-center">
          <Badge>
            <Clock className="size-3.5" aria-hidden /> {IMAGES_PER_GENERATION} variants in about 30 seconds
          </Badge>
          <h1 className="mt-5 text-4xl font-black tracking-tight sm:text-5xl">Examples</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-muted">
            Six plain prompts, exactly as a seller typed them, and the {IMAGES_PER_GENERATION} print-ready variants each one returned.
          </p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/auth?mode=signup" className={buttonClasses('primary', 'lg')}>
              Start Creating Free <ArrowRight className="size-4" aria-hidden />
            </Link>
            <Link to="/auth" className={buttonClasses('outline', 'lg')}>
              Log In
            </Link>
          </div>
        </header>

        <div className="mt-14 space-y-10">
          {SAMPLE_GALLERY.map((sample) => (
            <article
              key={sample.id}
              className="rounded-3xl border border-zinc-200 bg-white p-5 sm:p-8 dark:border-zinc-800 dark:bg-zinc-900/60"
              aria-labelledby={`sample-${sample.id}`}
            >
              <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0">
                  <Badge>{sample.category}</Badge>
                  <h2 id={`sample-${sample.id}`} className="mt-3 text-xl font-bold">
                    “{sample.prompt}”
                  </h2>
                  <p className="mt-1 text-sm text-muted">{sample.description}</p>
                </div>
                <Link
                  to="/auth?mode=signup"
                  className={buttonClasses('primary', 'md', 'shrink-0')}
                  aria-label={`Try This Prompt: ${sample.prompt}`}
                >
                  Try This Prompt
                </Link>
              </div>
              <ul className="mt-6 grid grid-cols-2 gap-3 md:grid-cols-4">
                {sample.images.map((image) => (
                  <li key={image.variant}>
                    <figure>
                      <div className="checkerboard-dark overflow-hidden rounded-2xl ring-1 ring-zinc-800">
                        <img
                          src={image.src}
                          alt={`Variant ${image.variant} (${directionName(image.variant)}) for “${sample.prompt}”`}
                          loading="lazy"
                          width={720}
                          height={864}
                          className="aspect-[5/6] w-full object-contain"
                        />
                      </div>
                      <figcaption className="mt-2 text-xs text-muted">
                        <span className="font-semibold text-zinc-700 dark:text-zinc-300">Variant {image.variant}</span> ·{' '}
                        {directionName(image.variant)}
                      </figcaption>
                    </figure>
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>

        <section className="mt-16 rounded-3xl bg-accent-solid px-6 py-12 text-center text-white">
          <h2 className="text-3xl font-black">Your idea, print-ready in about 30 seconds</h2>
          <p className="mx-auto mt-3 max-w-xl text-brand-100">Start with free credits. No prompt engineering, no cleanup.</p>
          <Link to="/auth?mode=signup" className={buttonClasses('inverse', 'lg', 'mt-6')}>
            Start Creating Free
          </Link>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
