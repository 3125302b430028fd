// The lab's Web Worker: each request from the page is computed here (compute.ts), off the
// page's thread, so a re-simulation never freezes the knobs. The page sends one request at
// a time, and stops this worker for a new one if a change comes while it runs (page.ts).
import { compute, type LabAnswer, type LabRequest } from './compute.js';

interface WorkerScope {
  onmessage: ((event: MessageEvent<LabRequest>) => void) | null;
  postMessage(answer: LabAnswer): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = ({ data: request }) => {
  try {
    scope.postMessage(compute(request));
  } catch (error) {
    scope.postMessage({ id: request.id, ok: false, errors: [error instanceof Error ? error.message : String(error)] });
  }
};
