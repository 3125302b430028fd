// The lab's Web Worker: each request from the page is computed here (compute.ts), off the
// page's thread, so a re-simulation never freezes the knobs. Only the latest request is
// worth an answer: one that arrives while another waits replaces it.
import { compute, type LabAnswer, type LabRequest } from './compute.js';

interface WorkerScope {
  onmessage: ((event: MessageEvent<LabRequest>) => void) | null;
  postMessage(answer: LabAnswer): void;
}

const scope = self as unknown as WorkerScope;
let waiting: LabRequest | null = null;

scope.onmessage = (event) => {
  const first = waiting === null;
  waiting = event.data;
  // Answered after the messages already queued are read: a knob dragged across ten values
  // costs one simulation of the last, not ten.
  if (first) setTimeout(answer, 0);
};

function answer(): void {
  const request = waiting as LabRequest;
  waiting = null;
  try {
    scope.postMessage(compute(request));
  } catch (error) {
    scope.postMessage({ id: request.id, ok: false, errors: [error instanceof Error ? error.message : String(error)] });
  }
}
