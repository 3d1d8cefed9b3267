export { createMetrics, type AppMetrics, type MetricsDeps, type RequestLabels } from './registry';
export { buildMetricsServer, installRequestMetrics, metricsExposure, metricsRoute } from './routes';
