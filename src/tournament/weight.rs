//! Wide unsigned integers for the edge weights of the Dutch pairing: every criterion of the
//! system is a field of bits in one number, so a weight may need hundreds of bits.

use std::cmp::Ordering;

/// An unsigned integer of `L` 64-bit limbs, least significant first. Arithmetic wraps like
/// the machine's, which the pairing never relies on: its weights stay below 2^(64 L - 2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Wide<const L: usize>(pub [u64; L]);

/// One limb of a carry chain (`a + b + carry`) or a borrow chain (`a - b - borrow`), with the
/// carry or borrow out. On x86-64 the machine's own add- and subtract-with-carry: LLVM keeps a
/// chain of these as one `adc` or `sbb` a limb, where it turns the portable form's chains into
/// compares and flag juggling (several instructions a limb) once the result feeds a comparison.
#[cfg(target_arch = "x86_64")]
mod limb {
    use std::arch::x86_64::{_addcarry_u64, _subborrow_u64};

    #[inline]
    pub fn add(a: u64, b: u64, carry: bool) -> (u64, bool) {
        let mut sum = 0;
        let carry = _addcarry_u64(u8::from(carry), a, b, &mut sum);
        (sum, carry != 0)
    }

    #[inline]
    pub fn sub(a: u64, b: u64, borrow: bool) -> (u64, bool) {
        let mut diff = 0;
        let borrow = _subborrow_u64(u8::from(borrow), a, b, &mut diff);
        (diff, borrow != 0)
    }
}

#[cfg(not(target_arch = "x86_64"))]
mod limb {
    #[inline]
    pub fn add(a: u64, b: u64, carry: bool) -> (u64, bool) {
        a.carrying_add(b, carry)
    }

    #[inline]
    pub fn sub(a: u64, b: u64, borrow: bool) -> (u64, bool) {
        a.borrowing_sub(b, borrow)
    }
}

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

/// The comparisons in one borrow chain each, without a branch: the search compares many
/// slacks that are equal, where [`Ord::cmp`] would read every limb from the top anyway.
impl<const L: usize> PartialOrd for Wide<L> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }

    #[inline]
    fn lt(&self, other: &Self) -> bool {
        self.borrows(other)
    }

    #[inline]
    fn le(&self, other: &Self) -> bool {
        !other.borrows(self)
    }

    #[inline]
    fn gt(&self, other: &Self) -> bool {
        other.borrows(self)
    }

    #[inline]
    fn ge(&self, other: &Self) -> bool {
        !self.borrows(other)
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

    /// `a + b - twice`: the slack of an edge of weight `twice / 2` between two vertices whose
    /// duals are `a` and `b` (the matching's innermost sum).
    #[inline]
    pub fn slack(a: &Self, b: &Self, twice: &Self) -> Self {
        a.plus(*b).minus(*twice)
    }

    /// Whether `slack(a, b, twice)` is zero, and whether it is below `bound`, without keeping
    /// the slack: the search compares most edges' slacks with a best edge's and keeps very few.
    #[inline]
    pub fn slack_against(a: &Self, b: &Self, twice: &Self, bound: &Self) -> (bool, bool) {
        let slack = Self::slack(a, b, twice);
        (slack.is_zero(), slack.borrows(bound))
    }

    /// Whether `x - t < y`, the three read as signed numbers of `64 L` bits (`y` may be a
    /// difference below zero): the search's "less slack than the best edge" with the row's
    /// fixed terms taken into `y` once. Exact while `x - t - y` lies within `2^(64 L - 1)` of
    /// zero: in the search it is an edge's slack less a best slack (at least 1), both below the
    /// sum of two duals, which the weights' spare top bits keep far under that.
    #[inline]
    pub fn below_after(x: &Self, t: &Self, y: &Self) -> bool {
        (x.minus(*t).minus(*y).0[L - 1] as i64) < 0
    }

    /// Whether `self - other` borrows out of the top limb: `self < other`, read unsigned, in
    /// one borrow chain without a branch.
    #[inline]
    fn borrows(&self, other: &Self) -> bool {
        let mut borrow = false;
        for i in 0..L {
            (_, borrow) = limb::sub(self.0[i], other.0[i], borrow);
        }
        borrow
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

    /// `self + other`, one carry chain (each limb's add takes the carry of the one below).
    #[inline]
    pub fn plus(self, other: Self) -> Self {
        let mut out = [0; L];
        let mut carry = false;
        for (i, slot) in out.iter_mut().enumerate() {
            (*slot, carry) = limb::add(self.0[i], other.0[i], carry);
        }
        Self(out)
    }

    /// `self - other` (the pairing only subtracts what is there), one borrow chain.
    #[inline]
    pub fn minus(self, other: Self) -> Self {
        let mut out = [0; L];
        let mut borrow = false;
        for (i, slot) in out.iter_mut().enumerate() {
            (*slot, borrow) = limb::sub(self.0[i], other.0[i], borrow);
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
