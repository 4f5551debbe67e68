import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// How long findBy*/waitFor wait for a screen to show something (Testing Library's default: 1 s, which a
// loaded 2-core machine running Jest beside these tests overruns); what they wait for is unchanged.
configure({ asyncUtilTimeout: 3_000 });

afterEach(() => cleanup());
