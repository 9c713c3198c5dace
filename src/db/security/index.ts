/**
 * The security part as the api sees it (docs/decisions/0018 and 0020): users, roles and
 * principals, the digest realm, and the password helpers HTTP authentication and the
 * management payloads need.
 */
export { constantTimeEqual, md5Hex } from './passwords';
export {
  builtinRoleLookup,
  maySecure,
  REALM,
  type Principal,
  type Privilege,
  type RoleLookup,
  type StoredRole,
  type StoredUser,
} from './types';
export { userId, type NewUser, type UserChange } from './users';
