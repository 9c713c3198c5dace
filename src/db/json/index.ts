/** The JSON toolkit as the api sees it (docs/decisions/0018 and 0020): parsing request bodies within the limits. */
export { checkJsonDepth, parseJson } from './parse';
