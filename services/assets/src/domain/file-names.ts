/** `space-meow-A.png`: the first words of the prompt, the variant letter, the format. */
export function downloadFileName(prompt: string, variant: string | null, suffix: string, extension: string): string {
  const quoted = /["“”']([^"“”']{2,})["“”']/.exec(prompt)?.[1];
  const words = (quoted ?? prompt)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .slice(0, 6);
  const base = words.join('-').slice(0, 60).replace(/-+$/, '') || 'printloom-design';
  return `${[base, variant, suffix].filter(Boolean).join('-')}.${extension}`;
}
