import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { jobDuration, jobFailures } from './metrics.ts';

const tracer = trace.getTracer('service-hub.jobs');

/**
 * Runs one job delivery inside a span of its own (`job <queue>`), whose children are the job's SQL
 * statements and outgoing calls, and counts its duration and outcome. Without tracing the tracer
 * is OpenTelemetry's no-op one. The span carries the queue and the outcome, never the payload
 * (it can hold e-mail addresses or report filters).
 */
export async function runObservedJob(queue: string, run: () => Promise<void>): Promise<void> {
  const stopTimer = jobDuration.startTimer({ queue });
  await tracer.startActiveSpan(
    `job ${queue}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: { 'messaging.system': 'pg-boss', 'messaging.destination.name': queue },
    },
    async (span) => {
      try {
        await run();
        span.setAttribute('hub.job.outcome', 'completed');
        stopTimer({ outcome: 'completed' });
      } catch (error) {
        span.setAttribute('hub.job.outcome', 'failed');
        // The error's kind only: messages of failed jobs can quote what they worked on.
        span.setStatus({
          code: SpanStatusCode.ERROR,
          message: error instanceof Error ? error.name : 'Error',
        });
        stopTimer({ outcome: 'failed' });
        jobFailures.inc({ queue });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}
