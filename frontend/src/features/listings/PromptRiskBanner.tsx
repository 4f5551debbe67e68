import { RiskBanner } from './RiskBanner';
import { useRiskCheck } from './use-risk-check';

/** The risk banner of a text the seller is typing (the prompt on /generate), checked as it rests. */
export function PromptRiskBanner({ text }: { text: string }) {
  const { risks, checkedText } = useRiskCheck(text);
  // Flags of an older text stay until the newer one is checked; none once the text is emptied.
  return <RiskBanner id="prompt-risks" risks={text.trim() === '' || checkedText === '' ? [] : risks} />;
}
