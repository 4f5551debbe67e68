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
  // A global option: the projects' own testTimeout is ignored when they run together (hooks then
  // fall back to 5 s, too short for starting a whole system on a busy 2-core machine).
  testTimeout: 30000,
};
