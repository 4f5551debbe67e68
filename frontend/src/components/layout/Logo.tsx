import { Link } from 'react-router-dom';

export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="flex items-center gap-2 text-lg font-black tracking-tight" aria-label="Printloom home">
      <img src="/favicon.svg" alt="" className="size-7" />
      <span>
        Print<span className="text-accent">loom</span>
      </span>
    </Link>
  );
}
