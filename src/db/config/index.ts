/** The instance properties (`/v1/config/properties`) as the api sees them (docs/decisions/0018 and 0020). */
export {
  defaultProperties,
  propertyFromText,
  propertyName,
  propertyNames,
  type InstanceProperties,
  type PropertyName,
} from './properties';
