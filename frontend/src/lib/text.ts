/** 'A', 'A and B', 'A, B and C'. */
export function listNames(names: readonly string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names.join('');
}
