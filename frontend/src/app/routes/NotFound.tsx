import { Link } from 'react-router-dom';

export default function NotFound() {
  return (
    <main id="main-content" tabIndex={-1} className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="text-6xl font-black text-accent">404</p>
      <h1 className="text-2xl font-bold">Page Not Found</h1>
      <p className="text-muted">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="rounded-lg bg-accent-solid px-4 py-2 font-semibold text-white hover:bg-accent-solid-hover">
        Back to home
      </Link>
    </main>
  );
}
