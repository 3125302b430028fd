// aws-standard: the AWS SDK for JavaScript v3's standard retry mode. An AWS client adds
// @smithy/core's retryMiddleware to its stack with the retry config resolveRetryConfig
// builds from the client's options; here both run as they are, at their defaults (no
// maxAttempts, no retryMode: 3 attempts, standard mode, the StandardRetryStrategy that
// @smithy/util-retry exports), around a `next` handler that plays the rest of the stack:
// the HTTP handler (the fake fetch) and the deserializer (an error with the status and an
// error name, as a service exception carries them). So the real code decides whether to
// retry (service-error-classification), what it costs (the retry quota) and how long to
// wait (DefaultRetryBackoffStrategy); none of the protocol code runs.
import type { Script } from '../script.js';
import { withFetchTimeout, type Fetch } from '../transport.js';
import { observe, type Replies, type Run, type SdkDriver } from './driver.js';

/**
 * NodeHttpHandler has no request timeout by default (requestTimeout 0). The driver sets 60 s,
 * botocore's read timeout (the preset's), and fails an attempt as NodeHttpHandler does
 * with throwOnRequestTimeout: an Error named TimeoutError, code ETIMEDOUT.
 */
const TIMEOUT = 60_000;

/** The error names a JSON-protocol service sends with these statuses. */
const ERROR_NAMES: Readonly<Record<number, string>> = { 409: 'ConflictException', 503: 'ServiceUnavailable' };

const REPLIES: Replies = {
  ok: () => ({}),
  error: (status) => ({ __type: ERROR_NAMES[status] ?? 'InternalFailure', message: `status ${status}` }),
};

function requestTimeout(): unknown {
  return Object.assign(new Error(`a request has exceeded the configured ${TIMEOUT} ms requestTimeout.`), {
    name: 'TimeoutError',
    code: 'ETIMEDOUT',
  });
}

/** What the deserializer throws for an error reply: a service exception. */
async function serviceException(response: Response): Promise<Error> {
  const body = (await response.json()) as { __type: string; message: string };
  return Object.assign(new Error(body.message), {
    name: body.__type,
    $fault: response.status >= 500 ? 'server' : 'client',
    $metadata: { httpStatusCode: response.status },
  });
}

async function loadCall(): Promise<(fetch: Fetch) => Promise<unknown>> {
  const { DEFAULT_RETRY_MODE, resolveRetryConfig, retryMiddleware } = await import('@smithy/core/retry');
  return async (rawFetch) => {
    const fetch = withFetchTimeout(rawFetch, TIMEOUT, requestTimeout);
    const next = async () => {
      const response = await fetch('https://dynamodb.us-east-1.amazonaws.com/', { method: 'POST' });
      if (!response.ok) throw await serviceException(response);
      return { response, output: { $metadata: { httpStatusCode: response.status } } };
    };
    // What a client resolves with no retry options: retryMode from its config loader's
    // default (AWS_RETRY_MODE and the shared config file unset), maxAttempts left to the default.
    const config = resolveRetryConfig({ retryMode: () => Promise.resolve(DEFAULT_RETRY_MODE) });
    const handler = retryMiddleware(config)(next as never, {});
    return handler({ input: {}, request: {} });
  };
}

export const awsStandardDriver: SdkDriver = {
  name: 'aws-standard',
  packages: ['@smithy/util-retry', '@smithy/core'],
  timeout: TIMEOUT,
  run: async (script: Script, seed: number): Promise<Run> => observe(script, seed, TIMEOUT, REPLIES, await loadCall()),
};
