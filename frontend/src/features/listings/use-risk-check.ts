import { useEffect, useState } from 'react';
import type { Risk } from '@printloom/contracts/listings.schemas';
import { RISK_CHECK } from '@printloom/contracts/limits';
import { callApi } from '../../lib/api-client';

/** How long the text must rest before it is checked (each keystroke restarts the wait). */
export const RISK_CHECK_DELAY_MS = 400;
/** The risk check reads at most this much of a text (its route's limit). */
const MAX_CHARS = RISK_CHECK.maxChars;

export interface RiskCheckState {
  /** The flags for `checkedText` (empty before the first answer and for an empty text). */
  risks: Risk[];
  /** The text the flags belong to: the banner shows them until a newer answer replaces them. */
  checkedText: string;
  checking: boolean;
}

/**
 * Risk flags of a text as the seller types (`POST /api/risk-check`): checked once the text has rested
 * for RISK_CHECK_DELAY_MS, the request for an older text aborted when a newer one starts (or the form
 * goes), so a late answer never replaces a newer one. A failed check (a 429 past 60 checks a minute
 * too) leaves the last flags as they are.
 */
export function useRiskCheck(text: string, delayMs = RISK_CHECK_DELAY_MS): RiskCheckState {
  const [state, setState] = useState<RiskCheckState>({ risks: [], checkedText: '', checking: false });
  const wanted = text.trim().slice(0, MAX_CHARS);

  useEffect(() => {
    if (wanted === '') {
      setState({ risks: [], checkedText: '', checking: false });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState((now) => ({ ...now, checking: true }));
      callApi('riskCheck', { body: { text: wanted }, signal: controller.signal })
        .then(({ risks }) => {
          if (!controller.signal.aborted) setState({ risks, checkedText: wanted, checking: false });
        })
        .catch(() => {
          if (!controller.signal.aborted) setState((now) => ({ ...now, checking: false }));
        });
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [wanted, delayMs]);

  return state;
}
