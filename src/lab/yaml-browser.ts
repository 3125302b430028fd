// The page's copy of src/scenario/yaml-lib.ts: in a browser bundle the yaml package is
// imported like any other (the lab's build puts this module in that one's place).
import * as Yaml from 'yaml';

export type YamlLibrary = typeof Yaml;

export const yaml = (): YamlLibrary => Yaml;
