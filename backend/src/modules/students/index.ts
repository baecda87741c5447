// What other modules may use of the students module beside its service and Nest module: the
// Aadhaar cipher, which also seals other secrets at rest (the messaging providers' keys).
export { AadhaarCipher, type SealedAadhaar } from './aadhaar-cipher';
