/** How to write a prompt (quotes, style, elements, length), shared by the prompt popover and the Help dialog. */
export const PROMPT_TIPS = [
  { title: 'Put text in quotes', example: `'Space Meow' is printed exactly as you type it` },
  { title: 'Describe the style', example: 'retro, vintage, kawaii, minimalist, neon, gothic, groovy' },
  { title: 'Add visual elements', example: 'a cat astronaut, a coffee cup, mountains at sunset' },
  { title: 'Keep it short', example: '5-15 words is ideal' },
] as const;

export const EXAMPLE_PROMPTS = [
  `a cat astronaut, 'Space Meow' in retro letters`,
  `'Coffee First' vintage distressed badge with a steaming mug`,
  `kawaii sloth, 'Nap Queen', pastel colours`,
] as const;

export function PromptGuide() {
  return (
    <div className="space-y-3 text-sm">
      <ul className="space-y-2">
        {PROMPT_TIPS.map((tip) => (
          <li key={tip.title}>
            <p className="font-semibold">{tip.title}</p>
            <p className="text-muted">{tip.example}</p>
          </li>
        ))}
      </ul>
      <div>
        <p className="font-semibold">Examples</p>
        <ul className="mt-1 list-disc space-y-1 pl-5 text-muted">
          {EXAMPLE_PROMPTS.map((example) => (
            <li key={example}>{example}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
