// seedrandom's alea generator as its own module (seedrandom/lib/alea.js, the function that
// seedrandom.alea is): importing it alone skips seedrandom's other generators and its
// require of node:crypto, which only an unseeded generator needs.
declare module 'seedrandom/lib/alea.js' {
  import type seedrandom from 'seedrandom';
  const alea: seedrandom['alea'];
  export default alea;
}
