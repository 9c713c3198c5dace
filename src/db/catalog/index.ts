/** A server's databases and REST instances, as the api sees them (docs/decisions/0034-databases-and-instances.md). */
export { Databases, type InstanceSpec, type PortBinder } from './databases';
export type { InstanceRecord } from './records';
