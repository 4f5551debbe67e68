import { lazy, Suspense, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { createQueryClient } from '../lib/query-client';

const Landing = lazy(() => import('./routes/Landing'));
const NotFound = lazy(() => import('./routes/NotFound'));
const Placeholder = lazy(() => import('./routes/Placeholder'));

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Suspense fallback={<div className="p-8 text-sm text-zinc-500">Loading…</div>}>
          <Routes>
            <Route path="/" element={<Landing />} />
            <Route path="/auth" element={<Placeholder title="Sign in" />} />
            <Route path="/generate" element={<Placeholder title="Generate" />} />
            <Route path="/account" element={<Placeholder title="Account Settings" />} />
            <Route path="/pricing" element={<Placeholder title="Pricing" />} />
            <Route path="/examples" element={<Placeholder title="Examples" />} />
            <Route path="/terms" element={<Placeholder title="Terms of Service" />} />
            <Route path="/privacy" element={<Placeholder title="Privacy Policy" />} />
            <Route path="/checkout/:sessionId" element={<Placeholder title="Checkout" />} />
            <Route path="/history" element={<Navigate to="/generate" replace />} />
            <Route path="*" element={<NotFound />} />
          </Routes>
        </Suspense>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
