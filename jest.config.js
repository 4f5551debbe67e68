// Every workspace with Jest tests, run as one suite (`make test` runs this, plus the frontend's Vitest
// tests and the browser tests).
import { existsSync, readdirSync } from 'node:fs';

const groups = ['packages', 'services'];
const projects = [...groups.flatMap((group) => readdirSync(group).map((name) => `${group}/${name}`)), 'gateway'].filter((dir) =>
  existsSync(`${dir}/jest.config.js`),
);

export default {
  projects: projects.map((dir) => `<rootDir>/${dir}`),
  // Jest reads the test timeout from the global config only (a project's testTimeout is ignored):
  // the preset's 30 s, here, so integration tests on a loaded machine do not trip the 5 s default.
  testTimeout: 30_000,
};
