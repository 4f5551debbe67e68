/**
 * Runs `work` and answers (or fails) no sooner than `floorMs` after the start, so whether an email has
 * an account (and so got a code mailed) cannot be read from how long the answer took.
 */
export async function answerNoSoonerThan<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const floor = new Promise((resolve) => setTimeout(resolve, floorMs));
  const [outcome] = await Promise.allSettled([work(), floor]);
  if (outcome.status === 'rejected') throw outcome.reason;
  return outcome.value;
}
