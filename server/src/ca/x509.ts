// @peculiar/x509 needs reflect-metadata loaded before it: every file in ca/ imports the library from here.
import 'reflect-metadata';

export * from '@peculiar/x509';
