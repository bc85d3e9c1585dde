//! Wide unsigned integers for the edge weights of the Dutch pairing: every criterion of the
//! system is a field of bits in one number, so a weight may need hundreds of bits.

use std::cmp::Ordering;

/// An unsigned integer of `L` 64-bit limbs, least significant first. Arithmetic wraps like
/// the machine's, which the pairing never relies on: its weights stay below 2^(64 L - 2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Wide<const L: usize>(pub [u64; L]);

impl<const L: usize> Default for Wide<L> {
    fn default() -> Self {
        Self([0; L])
    }
}

impl<const L: usize> Ord for Wide<L> {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        for i in (0..L).rev() {
            match self.0[i].cmp(&other.0[i]) {
                Ordering::Equal => {}
                unequal => return unequal,
            }
        }
        Ordering::Equal
    }
}

impl<const L: usize> PartialOrd for Wide<L> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const L: usize> Wide<L> {
    /// The number `value`.
    pub fn from_u64(value: u64) -> Self {
        let mut limbs = [0; L];
        limbs[0] = value;
        Self(limbs)
    }

    /// Whether this is zero.
    #[inline]
    pub fn is_zero(&self) -> bool {
        self.0.iter().all(|&limb| limb == 0)
    }

    /// `a + b - twice`, in one pass: the slack of an edge of weight `twice / 2` between two
    /// vertices whose duals are `a` and `b` (the matching's innermost sum).
    #[inline]
    pub fn slack(a: &Self, b: &Self, twice: &Self) -> Self {
        // Two carry chains of one bit each (a + b, then twice taken off), modulo 2^(64 L).
        let mut out = [0; L];
        let (mut carry, mut borrow) = (false, false);
        for (i, slot) in out.iter_mut().enumerate() {
            *slot = Self::slack_limb(a, b, twice, i, &mut carry, &mut borrow);
        }
        Self(out)
    }

    /// Limb `i` of `a + b - twice`, the carry and the borrow from the limb below in and out.
    #[inline]
    fn slack_limb(
        a: &Self,
        b: &Self,
        twice: &Self,
        i: usize,
        carry: &mut bool,
        borrow: &mut bool,
    ) -> u64 {
        let (sum, c1) = a.0[i].overflowing_add(b.0[i]);
        let (sum, c2) = sum.overflowing_add(u64::from(*carry));
        *carry = c1 | c2;
        let (diff, b1) = sum.overflowing_sub(twice.0[i]);
        let (diff, b2) = diff.overflowing_sub(u64::from(*borrow));
        *borrow = b1 | b2;
        diff
    }

    /// Whether `slack(a, b, twice)` is zero, and whether it is below `bound`, in the same
    /// one pass and without the slack itself: the search compares most edges' slacks with a
    /// best edge's and keeps very few.
    #[inline]
    pub fn slack_against(a: &Self, b: &Self, twice: &Self, bound: &Self) -> (bool, bool) {
        // The slack's carry chains, then a third for slack - bound: its last borrow says below.
        let (mut carry, mut borrow, mut below) = (false, false, false);
        let mut any = 0;
        for i in 0..L {
            let diff = Self::slack_limb(a, b, twice, i, &mut carry, &mut borrow);
            any |= diff;
            let (rest, l1) = diff.overflowing_sub(bound.0[i]);
            let (_, l2) = rest.overflowing_sub(u64::from(below));
            below = l1 | l2;
        }
        (any == 0, below)
    }

    /// Whether `x - t < y`, the three read as signed numbers of `64 L` bits (`y` may be a
    /// difference below zero), in two borrow chains: the search's "less slack than the best
    /// edge" with the row's fixed terms taken into `y` once. Exact while `x - t - y` lies
    /// within `2^(64 L - 1)` of zero: in the search it is an edge's slack less a best slack
    /// (at least 1), both below the sum of two duals, which the weights' spare top bits keep
    /// far under that.
    #[inline]
    pub fn below_after(x: &Self, t: &Self, y: &Self) -> bool {
        let (mut first, mut second) = (false, false);
        let mut top = 0;
        for i in 0..L {
            let (diff, b1) = x.0[i].overflowing_sub(t.0[i]);
            let (diff, b2) = diff.overflowing_sub(u64::from(first));
            first = b1 | b2;
            let (rest, b3) = diff.overflowing_sub(y.0[i]);
            let (rest, b4) = rest.overflowing_sub(u64::from(second));
            second = b3 | b4;
            top = rest;
        }
        (top as i64) < 0
    }

    /// This, or 1 if this is zero: a bound that a slack of zero is always below.
    #[inline]
    pub fn at_least_one(self) -> Self {
        if self.is_zero() {
            Self::from_u64(1)
        } else {
            self
        }
    }

    /// `self + other`.
    #[inline]
    pub fn plus(self, other: Self) -> Self {
        let mut out = [0; L];
        let mut carry = false;
        for (i, slot) in out.iter_mut().enumerate() {
            let (sum, c1) = self.0[i].overflowing_add(other.0[i]);
            let (sum, c2) = sum.overflowing_add(u64::from(carry));
            *slot = sum;
            carry = c1 || c2;
        }
        Self(out)
    }

    /// `self - other` (the pairing only subtracts what is there).
    #[inline]
    pub fn minus(self, other: Self) -> Self {
        let mut out = [0; L];
        let mut borrow = false;
        for (i, slot) in out.iter_mut().enumerate() {
            let (diff, b1) = self.0[i].overflowing_sub(other.0[i]);
            let (diff, b2) = diff.overflowing_sub(u64::from(borrow));
            *slot = diff;
            borrow = b1 || b2;
        }
        Self(out)
    }

    /// `self + value`.
    pub fn add_u64(self, value: u64) -> Self {
        self.plus(Self::from_u64(value))
    }

    /// `self - value`.
    pub fn sub_u64(self, value: u64) -> Self {
        self.minus(Self::from_u64(value))
    }

    /// `self << bits`.
    pub fn shifted(self, bits: u32) -> Self {
        let limbs = (bits / 64) as usize;
        let rest = bits % 64;
        let mut out = [0; L];
        for i in (limbs..L).rev() {
            let source = i - limbs;
            let mut value = self.0[source] << rest;
            if rest > 0 && source > 0 {
                value |= self.0[source - 1] >> (64 - rest);
            }
            out[i] = value;
        }
        Self(out)
    }

    /// `self >> 1`.
    pub fn half(self) -> Self {
        let mut out = [0; L];
        for (i, slot) in out.iter_mut().enumerate() {
            *slot = self.0[i] >> 1;
            if i + 1 < L {
                *slot |= self.0[i + 1] << 63;
            }
        }
        Self(out)
    }

    /// `self + (value << bit)`, the carry taken as far as it goes: a field of a weight
    /// added where it lies, instead of shifting the whole weight past each field.
    #[inline]
    pub fn add_at(self, value: u64, bit: u32) -> Self {
        let limb = (bit / 64) as usize;
        let rest = bit % 64;
        let high = if rest > 0 { value >> (64 - rest) } else { 0 };
        let mut out = self.0;
        let mut carry = false;
        for (i, slot) in out.iter_mut().enumerate().skip(limb) {
            let add = match i - limb {
                0 => value << rest,
                1 => high,
                _ if !carry => break,
                _ => 0,
            };
            let (sum, c1) = slot.overflowing_add(add);
            let (sum, c2) = sum.overflowing_add(u64::from(carry));
            *slot = sum;
            carry = c1 || c2;
        }
        Self(out)
    }
}
