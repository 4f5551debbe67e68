import { Link } from 'react-router-dom';
import { IMAGE_PROVIDER } from '../../lib/brand';

export function SiteFooter() {
  return (
    <footer className="border-t border-zinc-200 dark:border-zinc-800">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-8 text-sm text-muted sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>© {new Date().getFullYear()} Printloom. All rights reserved.</p>
        <nav className="flex flex-wrap items-center gap-4" aria-label="Footer">
          <span>Powered by {IMAGE_PROVIDER.name}</span>
          <Link to="/terms" className="hover:text-zinc-900 dark:hover:text-zinc-100">
            Terms
          </Link>
          <Link to="/privacy" className="hover:text-zinc-900 dark:hover:text-zinc-100">
            Privacy
          </Link>
          <a href={IMAGE_PROVIDER.usagePolicyUrl} target="_blank" rel="noreferrer" className="hover:text-zinc-900 dark:hover:text-zinc-100">
            {IMAGE_PROVIDER.name} Usage Policy
          </a>
        </nav>
      </div>
    </footer>
  );
}
