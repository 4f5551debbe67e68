import { describe, expect, it } from '@jest/globals';
import { publicUrlProblem, requirePublicUrlInProduction } from './public-url.js';

describe('a PUBLIC_URL outside services can fetch from', () => {
  it('is https on a public name', () => {
    expect(publicUrlProblem('https://printloom.example.com')).toBeUndefined();
    expect(publicUrlProblem('https://app.printloom.io/')).toBeUndefined();
  });

  it('refuses http, localhost, a bare or private name, and IP addresses, saying why', () => {
    expect(publicUrlProblem('http://printloom.example.com')).toMatch(/https:\/\//);
    expect(publicUrlProblem('https://localhost:8080')).toMatch(/not localhost/);
    expect(publicUrlProblem('https://gateway')).toMatch(/public name/);
    expect(publicUrlProblem('https://printloom.local')).toMatch(/public name/);
    expect(publicUrlProblem('https://203.0.113.7')).toMatch(/not an IP address/);
    expect(publicUrlProblem('https://[2001:db8::1]')).toMatch(/not an IP address/);
    expect(publicUrlProblem('not a url')).toBe('is not a URL');
  });
});

describe('requirePublicUrlInProduction', () => {
  it('refuses a production start on localhost, naming PUBLIC_URL, and lets development run on it', () => {
    expect(() => requirePublicUrlInProduction({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:8080' })).toThrow(/PUBLIC_URL: /);
    expect(() => requirePublicUrlInProduction({ NODE_ENV: 'production', PUBLIC_URL: 'https://printloom.example.com' })).not.toThrow();
    expect(() => requirePublicUrlInProduction({ NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:8080' })).not.toThrow();
  });
});
