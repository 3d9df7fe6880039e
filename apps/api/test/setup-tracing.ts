import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, inject } from 'vitest';
import { metricsRegistry } from '../src/telemetry/metrics.ts';
import { startTracing } from '../src/telemetry/start-tracing.ts';
import { labelValuesOf, secretsIn, spanRecorder, type Leak } from './span-recorder.ts';

// Setup file of the api project, before anything loads pg or fastify: every API test file runs
// with tracing on, its spans checked by the recorder for secrets as they end (span-recorder.ts),
// behind the same redaction as production (telemetry/span-redaction.ts). Each file (its own
// process) writes what it saw to the run's folder; global-setup.ts fails the run on any leak, also
// of spans that end after this file's last hook.
await startTracing({ serviceName: 'service-hub-api-test', spanProcessors: [spanRecorder] });

const reportFile = join(inject('spanReportDir'), `${process.pid}-${Date.now()}.json`);

async function metricLabelLeaks(): Promise<Leak[]> {
  return labelValuesOf(await metricsRegistry.metrics()).flatMap((value) => secretsIn('metric label', value));
}

function writeReport(metricLeaks: Leak[]) {
  const leaks = [...spanRecorder.leaks, ...metricLeaks];
  writeFileSync(reportFile, JSON.stringify({ spans: spanRecorder.count, leaks }));
}

let metricLeaks: Leak[] = [];
process.once('exit', () => writeReport(metricLeaks));

afterAll(async () => {
  metricLeaks = await metricLabelLeaks();
  writeReport(metricLeaks);
  expect([...spanRecorder.leaks, ...metricLeaks], 'secrets in span attributes or metric labels').toEqual([]);
});
