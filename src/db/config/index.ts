/** The instance properties (`/v1/config/properties`) as the api sees them (docs/decisions/0018 and 0020). */
export {
  defaultProperties,
  propertyFromText,
  propertyName,
  propertyNames,
  type InstanceProperties,
  type PropertyName,
} from './properties';
/** Tabula's own settings (`/tabula/v1/settings`): their bounds, for the api's tests and documentation. */
export { DEFAULT_MAX_PAYLOAD_BYTES, MAX_PAYLOAD_CEILING, MAX_PAYLOAD_FLOOR } from './settings';
