/** jsdom has no canvas: in every test file (src/test/setup.ts) the signature pad stands in as an empty one. */
export default class SignaturePadStandIn {
  addEventListener() {}
  removeEventListener() {}
  off() {}
  clear() {}
  isEmpty() {
    return true;
  }
  toData() {
    return [];
  }
  fromData() {}
  toDataURL() {
    return '';
  }
}
