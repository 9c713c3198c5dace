/** A server's databases and REST instances, as the api sees them (docs/decisions/0034-databases-and-instances.md). */
export { Databases, IDLE_RELEASE_MS, type InstanceRemoval, type InstanceSpec, type PortBinder } from './databases';
export { DEFAULT_INSTANCE, MODULES_DATABASE, checkName, type DatabaseRecord, type ErrorFormat, type InstanceRecord } from './records';
