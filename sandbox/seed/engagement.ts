/** Call dispositions and sentiments each organization starts with (DECISIONS "Tasks, calls, activity"). */
import type { State } from '../state/store';

const DISPOSITIONS = ['Connected', 'Left voicemail', 'No answer', 'Busy', 'Wrong number', 'Meeting booked'];
const SENTIMENTS = ['Positive', 'Neutral', 'Negative'];

export function seedEngagement(state: State): void {
  // seed.idBase shifts these ids as it shifts every record sequence (exact large ids in the targets' tests).
  const base = state.config.seed.idBase;
  for (const org of state.orgs.values()) {
    state.callDispositions.set(
      org.id,
      DISPOSITIONS.map((name, i) => ({ callDispositionId: base + i + 1, name })),
    );
    state.callSentiments.set(
      org.id,
      SENTIMENTS.map((name, i) => ({ callSentimentId: base + i + 1, name })),
    );
    state.activity.set(org.id, []);
  }
}
