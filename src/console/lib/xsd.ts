/** XML Schema's namespace as RDF writes datatype IRIs (`${XSD}int` is xsd:int), for the console's RDF views. */
export const XSD = 'http://www.w3.org/2001/XMLSchema#';
/** A literal's datatype when it has neither language nor type of its own: shown as a plain literal. */
export const XSD_STRING = `${XSD}string`;
