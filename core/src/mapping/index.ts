export { MapperRegistry, BUILT_IN_FORMATS, type MapperRegistryOptions } from './mapper-registry.js';
export { DefaultMapper } from './default-mapper.js';
export { FlatMapper } from './flat-mapper.js';
export { CustomMapper } from './custom-mapper.js';
export { TransformSandbox, type TransformLimits } from './transform-sandbox.js';
export { MappingError, isMappingError, MAPPING_ERROR_CODES, type MappingErrorCode } from './errors.js';
