import { describe, expect, it } from 'vitest';
import { foldName, slugName } from './fold-name';

describe('name folding', () => {
  it('ignores case, accents, spaces and punctuation', () => {
    expect(foldName('Pull-Up')).toBe('pullup');
    expect(foldName('pull up')).toBe(foldName('PULLUP'));
    expect(foldName('Développé Couché')).toBe('developpecouche');
    expect(foldName('Kniebeuge Straße')).toBe('kniebeugestrasse');
    expect(foldName('ØVELSE Æ')).toBe('ovelseae');
    expect(foldName('İstanbul')).toBe('istanbul');
  });

  it('keeps letters of other scripts and digits', () => {
    expect(foldName('Жим лёжа 2')).toBe('жимлежа2');
    expect(foldName('90/90 Hip Switch')).toBe('9090hipswitch');
  });

  it('makes readable slugs', () => {
    expect(slugName("Farmer's Carry")).toBe('farmers-carry');
    expect(slugName('90/90 Hip Switch')).toBe('90-90-hip-switch');
    expect(slugName('Low-to-High Cable Fly')).toBe('low-to-high-cable-fly');
  });
});
