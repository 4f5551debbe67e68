// Unit tests of the supply-chain rules (node --test; run by `make test` before the check itself).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { auditFindings, declaredLicense, licenseAllowed, licenseProblems } from './check-supply-chain.mjs';

describe('licence allowlist', () => {
  it('allows permissive licences and expressions made of them, refuses GPL and AGPL', () => {
    for (const allowed of [
      'MIT',
      'Apache-2.0',
      'MIT AND OFL-1.1',
      '(MIT OR GPL-3.0-only)',
      'BSD-3-Clause',
      'Apache-2.0 WITH LLVM-exception',
    ])
      assert.equal(licenseAllowed(allowed), true, allowed);
    for (const refused of ['GPL-3.0-only', 'AGPL-3.0-or-later', 'MIT AND GPL-2.0', 'LGPL-3.0-or-later', 'SEE LICENSE IN LICENSE', null])
      assert.equal(licenseAllowed(refused), false, String(refused));
  });

  it('reads the SPDX field and the old licenses array', () => {
    assert.equal(declaredLicense({ license: 'ISC' }), 'ISC');
    assert.equal(declaredLicense({ license: { type: 'MIT' } }), 'MIT');
    assert.equal(declaredLicense({ licenses: [{ type: 'MIT', url: 'x' }] }), 'MIT');
    assert.equal(declaredLicense({ licenses: [{ type: 'MIT' }, { type: 'Apache-2.0' }] }), '(MIT OR Apache-2.0)');
    assert.equal(declaredLicense({}), null);
  });

  it('names each shipped package outside the allowlist, skipping our own workspaces and reviewed exceptions', () => {
    const problems = licenseProblems([
      { name: '@printloom/gateway', version: '0.1.0', private: true, location: 'gateway' },
      { name: 'left-pad', version: '1.0.0', license: 'WTFPL', location: 'node_modules/left-pad' },
      { name: 'copyleft', version: '2.0.0', license: 'AGPL-3.0-only', location: 'node_modules/copyleft' },
      { name: 'express', version: '5.0.0', license: 'MIT', location: 'node_modules/express' },
      {
        name: '@img/sharp-libvips-linux-x64',
        version: '1.2.0',
        license: 'LGPL-3.0-or-later',
        location: 'node_modules/@img/sharp-libvips-linux-x64',
      },
      { name: 'unlabelled', version: '0.0.1', location: 'node_modules/unlabelled' },
    ]);
    assert.deepEqual(problems, [
      'left-pad@1.0.0: WTFPL (node_modules/left-pad)',
      'copyleft@2.0.0: AGPL-3.0-only (node_modules/copyleft)',
      'unlabelled@0.0.1: no licence declared (node_modules/unlabelled)',
    ]);
  });
});

describe('npm audit report', () => {
  it('lists high and critical findings only', () => {
    const report = {
      metadata: { vulnerabilities: { low: 1, moderate: 0, high: 1, critical: 1 } },
      vulnerabilities: {
        a: { name: 'a', severity: 'low' },
        b: { name: 'b', severity: 'high', range: '<2.0.0' },
        c: { name: 'c', severity: 'critical' },
      },
    };
    assert.deepEqual(auditFindings(report).serious, ['b (high, <2.0.0)', 'c (critical)']);
  });

  it('tells an unreachable advisory endpoint apart from a clean report', () => {
    assert.match(
      auditFindings({ message: '405 Method Not Allowed - POST https://registry/-/npm/v1/security/advisories/bulk' }).unavailable,
      /405/,
    );
    assert.deepEqual(auditFindings({ metadata: { vulnerabilities: { high: 0, critical: 0 } }, vulnerabilities: {} }).serious, []);
  });
});
