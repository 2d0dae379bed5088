export { runPluginConformance, conformanceChecks, readPath, silentLogger, type ConformanceCheck, type ConformanceOptions, type ConformanceSample } from './conformance.js';
export { documentFromText, unionBox, type TextPageOptions } from './document-from-text.js';
