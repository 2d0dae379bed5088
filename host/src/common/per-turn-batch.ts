interface Pending<Q, A> {
  question: Q;
  answer: Promise<A>;
  resolve: (answer: A) => void;
  reject: (error: unknown) => void;
}

/**
 * Gathers the questions asked during one turn of the event loop and answers them with one call of
 * `answerAll` (its answers in the order of its questions), made once the turn's I/O callbacks have
 * run (setImmediate). Each question is answered from a read made after it was asked, as with a call
 * of its own, so the answer is as fresh; the requests read in one turn cost one query instead of one
 * each. Questions with the same `keyOf` share one place in the call.
 */
export function batchPerTurn<Q, A>(answerAll: (questions: Q[]) => Promise<A[]>, keyOf: (question: Q) => string): (question: Q) => Promise<A> {
  let batch: Map<string, Pending<Q, A>> | null = null;
  const run = async (pending: Pending<Q, A>[]) => {
    try {
      const answers = await answerAll(pending.map((entry) => entry.question));
      pending.forEach((entry, index) => entry.resolve(answers[index]!));
    } catch (error) {
      for (const entry of pending) entry.reject(error);
    }
  };
  return (question) => {
    if (!batch) {
      const gathering = (batch = new Map());
      setImmediate(() => {
        batch = null;
        void run([...gathering.values()]);
      });
    }
    const key = keyOf(question);
    let entry = batch.get(key);
    if (!entry) {
      let resolve!: (answer: A) => void;
      let reject!: (error: unknown) => void;
      const answer = new Promise<A>((settle, fail) => ((resolve = settle), (reject = fail)));
      batch.set(key, (entry = { question, answer, resolve, reject }));
    }
    return entry.answer;
  };
}
