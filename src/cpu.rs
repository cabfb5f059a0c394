//! Whether this processor runs this build: a binary compiled for x86-64-v3 (AVX2, BMI2,
//! FMA) or x86-64-v2 (POPCNT, SSE4.2) executes those instructions anywhere, and on a
//! processor without them it would die of an illegal instruction at its first use. `main`
//! asks first and refuses in one line, naming the build to take instead.

/// The extensions the compiler was allowed to use in this build (from `target-cpu`), with
/// whether this processor has each. Only those that the x86-64 levels add.
#[cfg(target_arch = "x86_64")]
fn assumed_extensions() -> Vec<(&'static str, bool)> {
    let mut extensions = Vec::new();
    if cfg!(target_feature = "popcnt") {
        extensions.push(("popcnt", std::arch::is_x86_feature_detected!("popcnt")));
    }
    if cfg!(target_feature = "sse4.2") {
        extensions.push(("sse4.2", std::arch::is_x86_feature_detected!("sse4.2")));
    }
    if cfg!(target_feature = "avx2") {
        extensions.push(("avx2", std::arch::is_x86_feature_detected!("avx2")));
    }
    if cfg!(target_feature = "bmi2") {
        extensions.push(("bmi2", std::arch::is_x86_feature_detected!("bmi2")));
    }
    if cfg!(target_feature = "fma") {
        extensions.push(("fma", std::arch::is_x86_feature_detected!("fma")));
    }
    extensions
}

#[cfg(not(target_arch = "x86_64"))]
fn assumed_extensions() -> Vec<(&'static str, bool)> {
    Vec::new()
}

/// The one line to print when the processor lacks what `extensions` (assumed by the build,
/// each with whether the processor has it) needs; `None` when it has them all.
fn refusal(level: &str, extensions: &[(&'static str, bool)]) -> Option<String> {
    let missing: Vec<&str> = extensions.iter().filter(|(_, present)| !present).map(|(name, _)| *name).collect();
    if missing.is_empty() {
        return None;
    }
    let instead = if level == "x86-64-v3" { "the x86-64-v2 build" } else { "a build for an older x86-64 level" };
    Some(format!(
        "bramble: this binary is built for {level}, and this processor lacks {}; use {instead}",
        missing.join(", ")
    ))
}

/// The refusal for this processor, if it cannot run this build.
pub fn check() -> Option<String> {
    refusal(crate::engine::BUILD_LEVEL, &assumed_extensions())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_processor_without_an_assumed_extension_is_refused_in_one_line() {
        let v3 = [("popcnt", true), ("sse4.2", true), ("avx2", false), ("bmi2", true), ("fma", false)];
        assert_eq!(
            refusal("x86-64-v3", &v3).as_deref(),
            Some(
                "bramble: this binary is built for x86-64-v3, and this processor lacks avx2, fma; use the x86-64-v2 build"
            )
        );
        assert_eq!(refusal("x86-64-v3", &[("avx2", true), ("bmi2", true)]), None);
        assert_eq!(refusal("x86-64", &[]), None);
        // The machine running the tests runs the build it compiled.
        assert_eq!(check(), None);
    }
}
