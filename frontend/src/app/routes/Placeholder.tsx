import { Link } from 'react-router-dom';

export default function Placeholder({ title }: { title: string }) {
  return (
    <main className="mx-auto max-w-3xl p-8">
      <Link to="/" className="text-sm text-brand-500">← Printloom</Link>
      <h1 className="mt-4 text-3xl font-bold">{title}</h1>
      <p className="mt-2 text-zinc-500">This screen is being built.</p>
    </main>
  );
}
