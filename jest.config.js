// Every workspace with Jest tests, run as one suite (`make test` runs this, plus the frontend's Vitest
// tests and the browser tests).
import { existsSync, readdirSync } from 'node:fs';

const groups = ['packages', 'services'];
const projects = [
  ...groups.flatMap((group) => readdirSync(group).map((name) => `${group}/${name}`)),
  'gateway',
].filter((dir) => existsSync(`${dir}/jest.config.js`));

export default {
  projects: projects.map((dir) => `<rootDir>/${dir}`),
  // A global option: the presets' own testTimeout is ignored when the projects run from the root.
  testTimeout: 30000,
};
